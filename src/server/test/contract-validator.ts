import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { contract } from '../http/contract';

type Doc = Record<string, any>;

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

let ajv: Ajv2020 | undefined;
function validator() {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...contract().document, $id: 'qarar' });
  }
  return ajv;
}

interface Operation {
  pattern: RegExp;
  template: string;
  method: string;
  responses: Doc;
}

let operations: Operation[] | undefined;
function allOperations(): Operation[] {
  if (!operations) {
    const doc = contract().document;
    operations = [];
    for (const [template, item] of Object.entries<Doc>(doc.paths)) {
      const pattern = new RegExp(`^/api/v1${template.replace(/\{\w+\}/g, '[^/]+')}$`);
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        if (item[method]) operations.push({ pattern, template, method, responses: item[method].responses });
      }
    }
    // Literal paths before templated ones (/hashtags/trending/ before /hashtags/{slug}/).
    operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  }
  return operations;
}

/**
 * Checks an answer of the API against openapi/openapi.yaml: the status must be one the
 * operation declares and the JSON body must match that response's schema.
 * Returns a list of problems (empty when the answer keeps to the contract).
 */
export function contractProblems(method: string, url: string, status: number, body: string, contentType?: string): string[] {
  const path = url.split('?')[0];
  if (!path.startsWith('/api/v1/') || path === '/api/v1/openapi.yaml') return [];
  const op = allOperations().find((o) => o.method === method.toLowerCase() && o.pattern.test(path));
  if (!op) return status === 404 || status === 405 || status === 415 ? [] : [`${method} ${path}: no such operation in the contract`];
  // Errors Fastify itself raises before routing to the operation apply to every call.
  if (status === 415 || status === 413) return [];
  // The conventions' 503 (the database away for now) applies to every call, as an Error body.
  if (status === 503 && !op.responses['503']) {
    const validate = validator().getSchema('qarar#/components/schemas/Error')!;
    if (validate(JSON.parse(body))) return [];
    return (validate.errors ?? []).map((e) => `${method} ${op.template} 503: ${e.instancePath} ${e.message}`);
  }
  const declared = op.responses[String(status)];
  if (!declared) return [`${method} ${op.template}: status ${status} is not declared (body ${body.slice(0, 200)})`];
  let pointer = `qarar#/paths/${escape(op.template)}/${op.method}/responses/${status}`;
  let response = declared;
  if (declared.$ref) {
    pointer = `qarar${declared.$ref}`;
    response = declared.$ref.split('/').slice(1).reduce((o: Doc, k: string) => o[k], contract().document);
  }
  if (!response.content) return body.length ? [`${method} ${op.template} ${status}: body where none is declared`] : [];
  // A declared media type other than JSON (a feed's XML): the answer must be of it.
  const media = contentType?.split(';')[0].trim() ?? '';
  if (media !== 'application/json') {
    return response.content[media] ? [] : [`${method} ${op.template} ${status}: ${contentType} is not a declared media type (${Object.keys(response.content).join(', ')})`];
  }
  const validate = validator().getSchema(`${pointer}/content/application~1json/schema`);
  if (!validate) return [`${method} ${op.template} ${status}: schema not found`];
  if (validate(JSON.parse(body))) return [];
  return (validate.errors ?? []).map((e) => `${method} ${op.template} ${status}: ${e.instancePath} ${e.message}`);
}
