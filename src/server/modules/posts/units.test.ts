import { dayAfter, parseDateOrInstant } from './dates';
import { fileSizeDisplay } from './present';
import { escapeLike, SqlParams } from './sql';

describe('fileSizeDisplay', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [246_272, '240.5 KB'],
    [1_048_575, '1.0 MB'],
    [1_258_291, '1.2 MB'],
    [5 * 1024 ** 3, '5.0 GB'],
  ])('%d bytes reads %s', (bytes, text) => expect(fileSizeDisplay(bytes)).toBe(text));
});

describe('parseDateOrInstant', () => {
  it('reads a plain date as the start of that day in UTC', () => {
    expect(parseDateOrInstant('2024-02-29')).toEqual({ start: new Date('2024-02-29T00:00:00Z'), wholeDay: true });
    expect(dayAfter(new Date('2024-02-29T00:00:00Z'))).toEqual(new Date('2024-03-01T00:00:00Z'));
  });

  it('reads instants with or without an offset (UTC by default)', () => {
    expect(parseDateOrInstant('2024-05-01T10:30')!.start).toEqual(new Date('2024-05-01T10:30:00Z'));
    expect(parseDateOrInstant('2024-05-01 10:30:15.250Z')!.start).toEqual(new Date('2024-05-01T10:30:15.250Z'));
    expect(parseDateOrInstant('2024-05-01T13:30:00+03:00')).toEqual({ start: new Date('2024-05-01T10:30:00Z'), wholeDay: false });
    expect(parseDateOrInstant('2024-05-01T08:00:00-0230')!.start).toEqual(new Date('2024-05-01T10:30:00Z'));
    expect(parseDateOrInstant('0099-01-01')!.start.getUTCFullYear()).toBe(99);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-01-01T24:00', '2024-01-01T10:60', '2024-01-01T10:00:60',
    '2024-01-01T10:00+15:00', '0000-01-01', 'yesterday', '2024-1-1'])('rejects %s', (text) => {
    expect(parseDateOrInstant(text)).toBeNull();
  });
});

describe('SQL helpers', () => {
  it('numbers parameters in the order they are added', () => {
    const p = new SqlParams();
    expect([p.add('a'), p.add(2), p.add(null)]).toEqual(['$1', '$2', '$3']);
    expect(p.values).toEqual(['a', 2, null]);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
