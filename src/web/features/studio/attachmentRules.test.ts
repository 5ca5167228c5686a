import i18n from '../../i18n';
import { fileProblem } from './attachmentRules';
import './studioTesting';

const file = (name: string, type: string, bytes: number) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};
const MB = 1024 * 1024;
const t = i18n.getFixedT('ar');

describe('fileProblem', () => {
  it('accepts a PDF up to 20 MB and an image up to 10 MB', () => {
    expect(fileProblem(file('a.pdf', 'application/pdf', 20 * MB), t)).toBeNull();
    expect(fileProblem(file('b.webp', 'image/webp', 10 * MB), t)).toBeNull();
  });

  it('refuses larger files and other types, naming the file and the limit', () => {
    expect(fileProblem(file('a.pdf', 'application/pdf', 20 * MB + 1), t)).toBe('حجم الملف «a.pdf» يتجاوز 20 MB');
    expect(fileProblem(file('b.png', 'image/png', 11 * MB), t)).toBe('حجم الملف «b.png» يتجاوز 10 MB');
    expect(fileProblem(file('c.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1000), t)).toBe(
      'الملف «c.docx» ليس من نوع PDF أو JPEG أو PNG أو WebP',
    );
  });
});
