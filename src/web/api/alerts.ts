import { alertsGeneratedApi, type AlertSubscription, type CreateAlertSubscriptionApiResponse } from './generated/alerts.gen';

/**
 * E-mail alerts (issue 15). One tag, 'AlertList': every list of subscriptions (a signed-in
 * reader's, or an address's by its manage token), invalidated by every write that succeeded.
 * Only the alerts screens and the feed menu's dialog import this file: both are lazy chunks, so
 * none of it is in the home route's download.
 */

const LIST = [{ type: 'AlertList' as const, id: 'LIST' }];

export const alertsApi = alertsGeneratedApi.enhanceEndpoints({
  addTagTypes: ['AlertList'],
  endpoints: {
    listAlertSubscriptions: { providesTags: LIST },
    createAlertSubscription: { invalidatesTags: (_r, error) => (error ? [] : LIST) },
    updateAlertSubscription: { invalidatesTags: (_r, error) => (error ? [] : LIST) },
    deleteAlertSubscription: { invalidatesTags: (_r, error) => (error ? [] : LIST) },
    confirmAlertSubscription: { invalidatesTags: (_r, error) => (error ? [] : LIST) },
    unsubscribeAlert: {
      // The portal's screen posts nothing (the form-encoded body is a mail client's one-click, RFC 8058).
      query: ({ token }) => ({ url: `/alerts/unsubscribe/${encodeURIComponent(token)}/`, method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : LIST),
    },
  },
});

/** 201 answers with the subscription (a signed-in reader), 202 with a detail (a confirmation e-mail was sent). */
export const isSubscribed = (answer: CreateAlertSubscriptionApiResponse): answer is AlertSubscription => 'id' in answer && typeof answer.id === 'number';

export {
  useListAlertSubscriptionsQuery,
  useCreateAlertSubscriptionMutation,
  useUpdateAlertSubscriptionMutation,
  useDeleteAlertSubscriptionMutation,
  useConfirmAlertSubscriptionMutation,
  useUnsubscribeAlertMutation,
} from './generated/alerts.gen';
export type * from './generated/alerts.gen';
