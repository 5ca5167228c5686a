import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { setup, type Harness, type PageOptions } from './harness';

/**
 * Issue 32 in a real browser against the seeded server: suggestions as the reader types (the
 * WAI-ARIA combobox: arrows, Enter, Escape, aria-activedescendant) in the layout's search, the
 * phone's search overlay and a directory; and the counts beside explore's filters, which add up
 * to the results and dim a choice that finds nothing. Arabic phone and English desktop, light and
 * dark; axe on the open list.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface ApiOrganization {
  code: string;
  name: string;
  name_ar: string;
}

describe('suggestions and counts', () => {
  let h: Harness;
  let organization: ApiOrganization;

  const open = async (opts: PageOptions & { locale: 'ar' | 'en' }, path: string): Promise<Page> => {
    const page = await h.newPage(opts);
    if (opts.locale === 'en') {
      await page.context().addCookies([{ name: 'qarar_prefs', value: `en.${opts.colorScheme ?? 'system'}`, url: h.baseURL }]);
      await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    }
    await page.goto(path);
    return page;
  };

  before(async () => {
    h = await setup();
    const res = await fetch(`${h.baseURL}/api/v1/producers/organizations/?page_size=100`);
    const { results } = (await res.json()) as { results: (ApiOrganization & { post_count: number })[] };
    organization = results.reduce((a, b) => (b.post_count > a.post_count ? b : a));
  });
  after(async () => {
    await h?.close();
  });

  for (const look of [
    { locale: 'ar', viewport: 'mobile', colorScheme: 'light' },
    { locale: 'en', viewport: 'desktop', colorScheme: 'dark' },
  ] as const) {
    const ar = look.locale === 'ar';

    test(`the search suggests as the reader types; arrows, Escape and Enter work as a combobox's (${look.locale}, ${look.viewport})`, async () => {
      const name = ar ? organization.name_ar : organization.name;
      const page = await open(look, '/');
      let box = page.getByRole('combobox', { name: ar ? 'البحث في المنشورات' : 'Search posts' });
      if (look.viewport === 'mobile') {
        // The phone's search overlay.
        await page.getByRole('button', { name: ar ? 'فتح البحث' : 'Open search' }).click();
        box = page.getByRole('dialog').getByRole('combobox');
      }
      // The organization's name, its last word half typed.
      const typed = name.slice(0, name.length - 2);
      await box.click();
      await box.pressSequentially(typed, { delay: 20 });
      const list = page.getByRole('listbox', { name: ar ? 'اقتراحات' : 'Suggestions' });
      await list.waitFor();
      assert.equal(await box.getAttribute('aria-expanded'), 'true');
      assert.equal(await box.getAttribute('aria-controls'), await list.getAttribute('id'));
      const option = list.getByRole('option', { name, exact: true });
      await option.waitFor();

      const axe = await new AxeBuilder({ page }).withTags(TAGS).include('[role="listbox"]').analyze();
      assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);

      // Down to the organization: the field names it as the active one, the option says it is selected.
      const options = await list.getByRole('option').all();
      const at = (await Promise.all(options.map((o) => o.textContent()))).findIndex((text) => text === name);
      assert.ok(at >= 0, 'the organization is suggested');
      for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
      const id = await options[at].getAttribute('id');
      assert.equal(await box.getAttribute('aria-activedescendant'), id);
      assert.equal(await options[at].getAttribute('aria-selected'), 'true');

      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      assert.equal(await box.getAttribute('aria-expanded'), 'false');
      assert.equal(await box.inputValue(), typed);

      for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/organizations/${encodeURIComponent(organization.code)}`);
      assert.deepEqual(h.errorsOf(page), []);
    });

    test(`explore's filters count the results of a search, and a choice with none is dimmed (${look.locale}, ${look.viewport})`, async () => {
      const word = ar ? 'وزارة' : 'ministry';
      const page = await open(look, `/explore?search=${encodeURIComponent(word)}`);
      const facets = (await (await fetch(`${h.baseURL}/api/v1/content/facets/?search=${encodeURIComponent(word)}`)).json()) as {
        count: number;
        types: { name: string; name_ar: string; count: number }[];
      };
      const types = page.getByRole('group', { name: ar ? 'أنواع المنشورات' : 'Post types' });
      const numbers = new Intl.NumberFormat(look.locale);
      // Each type's chip says how many of the results it holds.
      for (const type of facets.types) {
        const label = ar ? type.name_ar : type.name;
        const chip = types.getByRole('button', { name: new RegExp(`^${label} ${numbers.format(type.count)}$`, 'i') });
        await chip.waitFor();
        const style = await chip.evaluate((el) => getComputedStyle(el).borderStyle);
        assert.equal(style === 'dashed', type.count === 0, `${type.name}: dimmed only when it finds nothing`);
      }
      assert.equal(
        facets.types.reduce((a, t) => a + t.count, 0),
        facets.count,
        'the types add up to the results',
      );

      // Choosing a type: its count is the list's.
      const found = facets.types.find((t) => t.count > 0)!;
      await types.getByRole('button', { name: new RegExp(`^${ar ? found.name_ar : found.name} `, 'i') }).click();
      await page.waitForURL(/type_id=/);
      const axe = await new AxeBuilder({ page }).withTags(TAGS).include('main').analyze();
      assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
      assert.deepEqual(h.errorsOf(page), []);
    });
  }

  test('a directory suggests its own entries only (hashtags, Arabic desktop)', async () => {
    const page = await open({ locale: 'ar', viewport: 'desktop', colorScheme: 'dark' }, '/hashtags');
    const box = page.getByRole('combobox', { name: 'البحث في الوسوم' });
    await box.click();
    await box.pressSequentially('#رؤ', { delay: 20 });
    const list = page.getByRole('listbox');
    await list.waitFor();
    const groups = await list.getByRole('group').all();
    assert.equal(groups.length, 1);
    assert.ok((await list.getByRole('option').first().textContent())?.startsWith('#رؤية'));
    const axe = await new AxeBuilder({ page }).withTags(TAGS).include('[role="listbox"]').analyze();
    assert.deepEqual(axe.violations.map((v) => v.id), []);
  });
});
