import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * Fastify's own compilers (ajv for what a request carries, fast-json-stringify for the answers),
 * each route's made when the route is first asked, not when the app starts. The same functions
 * from the same schemas; only the moment differs.
 *
 * For the tests (src/server/test/helpers.ts): a test file builds the whole app, about a hundred
 * operations, and asks a few, and compiling all of them took about 0.9 s of every file's 2.5.
 * The server itself compiles them at start (the default), so that a schema the compilers
 * refuse stops it there, and no reader's first request pays for it: multi-process.test.ts and
 * compiled-server.test.ts build the app that way, every route's schemas compiled.
 */
export function compilersOnFirstUse(): { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory } {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  return {
    buildValidator: (externalSchemas, options) => {
      const compile = validators(externalSchemas, options);
      return (route) => {
        let validate: Validate | undefined;
        // Fastify reads a failed validation's `errors` off the function it was given.
        const onFirstUse: Validate = (data) => {
          validate ??= compile(route) as Validate;
          const result = validate(data);
          onFirstUse.errors = validate.errors;
          return result;
        };
        return onFirstUse as ReturnType<typeof compile>;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      const compile = serializers(externalSchemas, options);
      return (route) => {
        let serialize: ((doc: unknown) => string) | undefined;
        return (doc: unknown) => (serialize ??= compile(route))(doc);
      };
    },
  };
}
