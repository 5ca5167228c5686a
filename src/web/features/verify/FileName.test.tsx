import { render } from '@testing-library/react';
import { FileName } from './FileName';

const drawn = (name: string) => render(<FileName name={name} />).container.firstElementChild!;

describe('FileName', () => {
  it("isolates a name in its first letter's direction, the extension left to right at its end", () => {
    const arabic = drawn('الملحق رقم 1.pdf');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic.textContent).toBe('الملحق رقم 1.pdf');
    expect(arabic.querySelector('bdi[dir="ltr"]')).toHaveTextContent(/^1\.pdf$/);
    // An Arabic last word: the extension alone.
    expect(drawn('نص القرار.pdf').querySelector('bdi[dir="ltr"]')).toHaveTextContent(/^\.pdf$/);
    expect(drawn('Annex 1.PDF')).toHaveAttribute('dir', 'ltr');
  });

  it('leaves a name without an extension, or without letters, to the browser', () => {
    for (const name of ['README', '2026.pdf', '.pdf', 'ملحق']) {
      const element = drawn(name);
      expect(element).not.toHaveAttribute('dir');
      expect(element.textContent).toBe(name);
    }
  });
});
