/**
 * English strings of the in-app trace recorder's menu item (issue 17). They travel with the
 * recorder's chunk (src/web/app/trace/TraceDownload.tsx), loaded only with the developer-tools
 * preference on. The shape of record for `ar/trace.ts`.
 */
const trace = {
  trace: {
    download: 'Download a trace',
    hint: 'The last {{limit}} actions on this page, to attach to a bug report (without passwords, sign-in tokens or the text of notes)',
    downloaded: 'Trace downloaded (actions: {{count}})',
    failed: 'The trace could not be prepared',
  },
} as const;

export default trace;
