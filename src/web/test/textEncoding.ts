// react-router needs TextEncoder, which jest's plain jsdom environment lacks; import this first
// in a test that runs there (rather than in the fetch-enabled environment).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
