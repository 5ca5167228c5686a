import { Navigate, Route, Routes } from 'react-router-dom';
import AlertsPage from './AlertsPage';
import ConfirmAlertPage from './ConfirmAlertPage';
import UnsubscribePage from './UnsubscribePage';

/**
 * The e-mail alerts' screens (issue 15): their own routes under /alerts, so that the app's route
 * table, in every reader's first download, names them once. Their chunk ("alerts") also brings the
 * settings screen's alerts tab its list (src/web/features/settings/SettingsPage.tsx).
 * Public: a visitor comes from an alert e-mail's links.
 */
export default function AlertsRoutes() {
  return (
    <Routes>
      <Route index element={<AlertsPage />} />
      <Route path="confirm" element={<ConfirmAlertPage />} />
      <Route path="unsubscribe" element={<UnsubscribePage />} />
      <Route path="*" element={<Navigate to="/alerts" replace />} />
    </Routes>
  );
}
