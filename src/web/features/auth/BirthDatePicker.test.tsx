import '../../test/textEncoding';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { BIRTH_YEARS_BACK, BirthDatePicker, birthYears, type BirthDate } from './BirthDatePicker';

function Harness({ onChange }: { onChange(value: BirthDate): void }) {
  const [value, setValue] = useState<BirthDate>({ month: null, day: null, year: null });
  return (
    <BirthDatePicker
      value={value}
      now={new Date('2026-11-24T12:00:00Z')}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('BirthDatePicker', () => {
  it('offers months by name, days 1–31 and the last 100 years, with its note', async () => {
    const onChange = jest.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    const month = screen.getByRole('combobox', { name: 'الشهر' });
    const day = screen.getByRole('combobox', { name: 'اليوم' });
    const year = screen.getByRole('combobox', { name: 'السنة' });
    expect(month.querySelectorAll('option[value]:not([value=""])')).toHaveLength(12);
    expect(screen.getByRole('option', { name: 'مارس' })).toHaveValue('3');
    expect(day.querySelectorAll('option:not([value=""])')).toHaveLength(31);
    expect(year.querySelectorAll('option:not([value=""])')).toHaveLength(BIRTH_YEARS_BACK + 1);
    expect(birthYears(new Date('2026-01-01'))[0]).toBe(2026);
    expect(birthYears(new Date('2026-01-01')).at(-1)).toBe(1926);
    expect(screen.getByText('لا يتم عرض عمرك بشكل علني.')).toBeInTheDocument();
    expect(month).toHaveAccessibleDescription('لا يتم عرض عمرك بشكل علني.');

    await user.selectOptions(month, '3');
    await user.selectOptions(day, '14');
    await user.selectOptions(year, '1990');
    expect(onChange).toHaveBeenLastCalledWith({ month: 3, day: 14, year: 1990 });
  });
});
