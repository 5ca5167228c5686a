import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without fetch: jest's jsdom environment has no fetch, Request, Response or Headers,
 * which fetchBaseQuery needs. This one lends Node's (undici) classes to the jsdom window, with
 * the AbortController, FormData and Blob they check their arguments against.
 * Use with a `@jest-environment ./src/web/test/jsdomWithFetch.ts` docblock.
 */
const FROM_NODE = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'AbortController', 'AbortSignal', 'DOMException', 'ReadableStream', 'TextEncoder', 'TextDecoder'] as const;

export default class JsdomWithFetch extends JSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    const target = this.global as unknown as Record<string, unknown>;
    const source = globalThis as unknown as Record<string, unknown>;
    for (const name of FROM_NODE) if (source[name] !== undefined) target[name] = source[name];
    // Relative URLs ('/api/v1/…') resolve against the page in a browser; give undici the same
    // origin as jsdom's location (undici's documented global-origin hook).
    source[Symbol.for('undici.globalOrigin.1') as unknown as string] = new URL(this.dom?.window.location.href ?? 'http://localhost/');
  }
}
