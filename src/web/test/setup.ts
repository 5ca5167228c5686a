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
  let kept = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  let rules = -1;
  const changes = new MutationObserver(() => undefined);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const ruleCount = () => {
    let n = 0;
    for (const sheet of Array.from(document.styleSheets)) n += sheet.cssRules.length;
    return n;
  };
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    const now = ruleCount();
    if (changes.takeRecords().length > 0 || now !== rules) {
      kept = new WeakMap();
      rules = now;
    }
    let byPseudo = kept.get(element);
    if (!byPseudo) kept.set(element, (byPseudo = new Map()));
    const key = pseudo ?? '';
    let style = byPseudo.get(key);
    if (!style) byPseudo.set(key, (style = computed(element, pseudo)));
    return style;
  };
}
