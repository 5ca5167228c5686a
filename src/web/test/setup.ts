import { StyleSheet } from '@emotion/sheet';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy…/waitFor give a screen up to 4 s (the library's default is 1 s): CI runs two test files
// at a time on two cores, and a dialog's closing transition then took longer than a second.
configure({ asyncUtilTimeout: 4000 });

/*
 * jsdom computes a style by matching every CSS rule of the page against the element, and the
 * role queries ask for it for each candidate and each of its ancestors (is it hidden?): three
 * quarters of a form test's time went there. The answer cannot change while nothing changed, so
 * it is kept until the next change of the document — a mutation record (nodes, attributes,
 * text, the style sheets' text) or a rule added through the CSS object model — and only then
 * computed again. Nothing is kept across a change, so what a test sees stays exact.
 */
if (typeof window !== 'undefined') {
  const computed = window.getComputedStyle.bind(window);
  let kept = new WeakMap<Element, CSSStyleDeclaration>();
  let rules = -1;
  const changes = new MutationObserver(() => undefined);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const ruleCount = () => {
    let n = 0;
    for (const sheet of Array.from(document.styleSheets)) n += sheet.cssRules.length;
    return n;
  };
  window.getComputedStyle = (element: Element) => {
    const now = ruleCount();
    if (changes.takeRecords().length > 0 || now !== rules) {
      kept = new WeakMap();
      rules = now;
    }
    // jsdom does not compute a pseudo-element's style: asked for '::before' (the accessible name
    // asks for it and for '::after' of every node it reads), it reports "not implemented" and
    // answers the element's own. The element's own is answered here too, computed once.
    let style = kept.get(element);
    if (!style) kept.set(element, (style = computed(element)));
    return style;
  };
}

/*
 * MUI styles every select with rules of the form `.MuiInputBase-root:has(> .its-class)` (the
 * padding beside an adornment). jsdom, asked for an element's style, tries each rule on it, and
 * its selector engine answers a :has() by parsing the rule again and searching the element's
 * subtree, every time: in the studio's form tests that was half the time of the file (PostActions
 * 11 s → 5 s without). Those rules only lay out a select's padding, which jsdom does not lay out,
 * and no test reads; so the tests' sheets go without rules that hold a :has(). The browser tests
 * run the real style sheets.
 */
const insertRule = StyleSheet.prototype.insert;
StyleSheet.prototype.insert = function insertWithoutHas(this: StyleSheet, rule: string) {
  if (!rule.includes(':has(')) insertRule.call(this, rule);
};
