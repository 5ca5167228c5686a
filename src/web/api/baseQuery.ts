import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** Placeholder: replaced by the session-aware base query. */
export const baseQuery = fetchBaseQuery({ baseUrl: '/api/v1' });
