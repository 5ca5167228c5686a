import { baseApi as api } from "../baseApi";
export const addTagTypes = ["alerts"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listAlertSubscriptions: build.query<
        ListAlertSubscriptionsApiResponse,
        ListAlertSubscriptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/alerts/subscriptions/`,
          params: {
            token: queryArg.token,
          },
        }),
        providesTags: ["alerts"],
      }),
      createAlertSubscription: build.mutation<
        CreateAlertSubscriptionApiResponse,
        CreateAlertSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/alerts/subscriptions/`,
          method: "POST",
          body: queryArg.alertSubscriptionInput,
        }),
        invalidatesTags: ["alerts"],
      }),
      updateAlertSubscription: build.mutation<
        UpdateAlertSubscriptionApiResponse,
        UpdateAlertSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/alerts/subscriptions/${queryArg.id}/`,
          method: "PATCH",
          body: queryArg.alertSubscriptionChange,
          params: {
            token: queryArg.token,
          },
        }),
        invalidatesTags: ["alerts"],
      }),
      deleteAlertSubscription: build.mutation<
        DeleteAlertSubscriptionApiResponse,
        DeleteAlertSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/alerts/subscriptions/${queryArg.id}/`,
          method: "DELETE",
          params: {
            token: queryArg.token,
          },
        }),
        invalidatesTags: ["alerts"],
      }),
      confirmAlertSubscription: build.mutation<
        ConfirmAlertSubscriptionApiResponse,
        ConfirmAlertSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/alerts/confirm/`,
          method: "POST",
          body: queryArg.alertToken,
        }),
        invalidatesTags: ["alerts"],
      }),
      unsubscribeAlert: build.mutation<
        UnsubscribeAlertApiResponse,
        UnsubscribeAlertApiArg
      >({
        query: (queryArg) => ({
          url: `/alerts/unsubscribe/${queryArg.token}/`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["alerts"],
      }),
      listUndeliveredAlerts: build.query<
        ListUndeliveredAlertsApiResponse,
        ListUndeliveredAlertsApiArg
      >({
        query: (queryArg) => ({
          url: `/alerts/undelivered/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
          },
        }),
        providesTags: ["alerts"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as alertsGeneratedApi };
export type ListAlertSubscriptionsApiResponse =
  /** status 200 The subscriptions, newest first. */ AlertSubscription[];
export type ListAlertSubscriptionsApiArg = {
  /** The manage token of the address (in every alert e-mail), for a visitor. */
  token?: string;
};
export type CreateAlertSubscriptionApiResponse =
  | /** status 201 Subscribed (a signed-in reader). */ AlertSubscription
  | /** status 202 A confirmation link was sent to the address. */ Detail;
export type CreateAlertSubscriptionApiArg = {
  alertSubscriptionInput: AlertSubscriptionInput;
};
export type UpdateAlertSubscriptionApiResponse =
  /** status 200 The changed subscription. */ AlertSubscription;
export type UpdateAlertSubscriptionApiArg = {
  id: number;
  /** The manage token of the address (in every alert e-mail), for a visitor. */
  token?: string;
  alertSubscriptionChange: AlertSubscriptionChange;
};
export type DeleteAlertSubscriptionApiResponse = unknown;
export type DeleteAlertSubscriptionApiArg = {
  id: number;
  /** The manage token of the address (in every alert e-mail), for a visitor. */
  token?: string;
};
export type ConfirmAlertSubscriptionApiResponse =
  /** status 200 Confirmed; alerts are sent from now on. */ AlertConfirmation;
export type ConfirmAlertSubscriptionApiArg = {
  alertToken: AlertToken;
};
export type UnsubscribeAlertApiResponse =
  /** status 200 Unsubscribed. */ Detail;
export type UnsubscribeAlertApiArg = {
  token: string;
  body: {
    "List-Unsubscribe"?: string;
  };
};
export type ListUndeliveredAlertsApiResponse =
  /** status 200 A page of them, with how many are retrying and how many failed. */ PaginatedUndeliveredAlertList;
export type ListUndeliveredAlertsApiArg = {
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
};
export type Language = "ar" | "en";
export type InForce = "in_force" | "amended" | "repealed";
export type AlertList = {
  search?: string;
  category?: string;
  subcategory?: string;
  type?: string;
  type_id?: number;
  organization?: number;
  organization_code?: string;
  hashtag?: string;
  author?: string;
  language?: Language;
  has_attachments?: boolean;
  in_force?: InForce;
};
export type AlertFrequency = "immediate" | "daily" | "weekly";
export type AlertSubscription = {
  id: number;
  email: string;
  list: AlertList;
  /** The list as a reader would name it, in the alert's language. */
  title: string;
  frequency: AlertFrequency;
  lang: Language;
  confirmed: boolean;
  created_at: string;
  /** The same list's Atom feed. */
  feed_url: string;
};
export type ValidationErrors = {
  request_id: string;
  [key: string]: string[] | string;
};
export type Error = {
  detail: string;
  code?: string;
  /** The request's id, as its `X-Request-Id` header and the server's log name it. */
  request_id: string;
};
export type Detail = {
  detail: string;
};
export type AlertSubscriptionInput = {
  /** A visitor's address (a signed-in reader's is their account's). */
  email?: string;
  list: AlertList;
  frequency: AlertFrequency;
  lang: Language;
};
export type AlertSubscriptionChange = {
  frequency?: AlertFrequency;
  lang?: Language;
};
export type AlertConfirmation = {
  subscription: AlertSubscription;
  /** The address's manage token, for its subscriptions page. */
  manage_token: string;
};
export type AlertToken = {
  token: string;
};
export type PageLinks = {
  count: number;
  /** True when `count` is a lower bound rather than the exact size ("1,000+"): a search that matches a large share of posts is not counted to the end on first sight. Absent or false: exact. */
  count_bounded?: boolean;
  /** Absolute URL of the next page. */
  next: string | null;
  /** Absolute URL of the previous page. */
  previous: string | null;
};
export type UndeliveredAlert = {
  subscription: AlertSubscription;
  /** Failed sends in a row. */
  attempts: number;
  /** When it is tried next. */
  next_attempt_at: string | null;
  /** What the last failed send was told (the SMTP server's reply, or why it could not connect). */
  last_error: string | null;
  /** Eight failures in a row or more: tried once a day. */
  failed: boolean;
  failed_at: string | null;
  /** Posts of its list it has not been sent yet (none is lost). */
  posts_waiting: number;
};
export type PaginatedUndeliveredAlertList = PageLinks & {
  /** Alerts waiting for their next try, not failed. */
  retrying: number;
  /** Alerts marked failed. */
  failed: number;
  results: UndeliveredAlert[];
};
export const {
  useListAlertSubscriptionsQuery,
  useLazyListAlertSubscriptionsQuery,
  useCreateAlertSubscriptionMutation,
  useUpdateAlertSubscriptionMutation,
  useDeleteAlertSubscriptionMutation,
  useConfirmAlertSubscriptionMutation,
  useUnsubscribeAlertMutation,
  useListUndeliveredAlertsQuery,
  useLazyListUndeliveredAlertsQuery,
} = injectedRtkApi;
