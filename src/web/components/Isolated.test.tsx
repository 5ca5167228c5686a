import { render } from '@testing-library/react';
import { Isolated, VALUE } from './Isolated';

const shown = (text: string, value: string) => render(<p>{<Isolated text={text} value={value} />}</p>).container.firstElementChild as HTMLElement;

describe('Isolated', () => {
  it("keeps the translation's separator and order, the value alone in a <bdi>", () => {
    const en = shown(`Error loading posts: ${VALUE}`, 'الخدمة غير متاحة.');
    expect(en.textContent).toBe('Error loading posts: الخدمة غير متاحة.');
    expect(en.querySelector('bdi')?.textContent).toBe('الخدمة غير متاحة.');

    const ar = shown(`خطأ في تحميل المنشورات: ${VALUE}`, 'Service unavailable.');
    expect(ar.textContent).toBe('خطأ في تحميل المنشورات: Service unavailable.');
    expect(ar.querySelector('bdi')?.textContent).toBe('Service unavailable.');
  });

  it('places the value wherever the translation puts it', () => {
    expect(shown(`${VALUE} :label`, 'v').textContent).toBe('v :label');
    expect(shown(`on «${VALUE}»`, 'Title').textContent).toBe('on «Title»');
  });
});

it('is one inline element, so a flex container (a button) keeps the space before the value', () => {
  // Loose, the text and the <bdi> became flex items of their own and the space was dropped:
  // the menu read 'Display mode:System'.
  const { container } = render(
    <div style={{ display: 'flex' }}>
      <Isolated text={`Display mode: ${VALUE}`} value="System" />
    </div>,
  );
  const flex = container.firstElementChild as HTMLElement;
  expect(flex.childNodes).toHaveLength(1);
  expect(flex.firstElementChild?.tagName).toBe('SPAN');
  expect(flex.firstElementChild?.textContent).toBe('Display mode: System');
});
