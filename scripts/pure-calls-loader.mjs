// @ts-check
/**
 * A webpack loader (webpack.config.ts) for react-router's production modules, which set up their
 * components and contexts at the top level with React's factories (forwardRef, memo,
 * createContext) without marking the calls pure, then name each one for React's developer tools
 * (`Form.displayName = "Form"`). Either keeps a component in the bundle whether or not anything
 * uses it: its <Form>, with the submission code only it needs, came with every <Link>. Here the
 * calls are marked pure and the names left out (a production build's components are nameless to
 * the developer tools anyway), so what nothing imports leaves the bundle; nothing else changes.
 */
/** @param {string} source */
export default function pureCalls(source) {
  return source
    .replace(/^((?:var|const|let) [\w$]+ = )(React\w*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2')
    .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '');
}
