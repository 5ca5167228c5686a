import { Navigate, Route, Routes } from 'react-router-dom';
import StudioAuditPage from './StudioAuditPage';
import StudioEditorPage from './StudioEditorPage';
import StudioListPage from './StudioListPage';
import StudioMembersPage from './StudioMembersPage';

/**
 * The workspace's screens, one chunk for all (readers never download it): its own routes under
 * /studio, so that the app's route table, in every reader's first download, names it once.
 */
export default function StudioRoutes() {
  return (
    <Routes>
      <Route index element={<StudioListPage />} />
      <Route path="new" element={<StudioEditorPage />} />
      <Route path="posts/:id" element={<StudioEditorPage />} />
      <Route path="audit" element={<StudioAuditPage />} />
      <Route path="members" element={<StudioMembersPage />} />
      <Route path="*" element={<Navigate to="/studio" replace />} />
    </Routes>
  );
}
