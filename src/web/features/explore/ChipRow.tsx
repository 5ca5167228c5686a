import Box from '@mui/material/Box';
import { Children, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A row of chips: on phones one line that scrolls sideways (a wall of wrapped chips would push
 * the posts off the screen), wrapping from the small breakpoint up.
 */
export function ChipRow({ label, children }: { label?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const count = Children.count(children);

  // A pressed chip out of sight (an address opened with filters set) is scrolled into the row's
  // view, sideways only: the page itself must stay where it is (Back restores its place). The
  // same chip again once the fonts are in, as they widen the chips.
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row || row.scrollWidth <= row.clientWidth) return;
    const outOfView = (chip: Element) => {
      const [bounds, box] = [row.getBoundingClientRect(), chip.getBoundingClientRect()];
      return box.left < bounds.left || box.right > bounds.right;
    };
    const chip = [...row.querySelectorAll('[aria-pressed="true"]')].find(outOfView);
    if (!chip) return;
    const center = () => {
      if (!outOfView(chip)) return;
      const [bounds, box] = [row.getBoundingClientRect(), chip.getBoundingClientRect()];
      row.scrollLeft += box.left + box.width / 2 - (bounds.left + bounds.width / 2);
    };
    center();
    void document.fonts?.ready.then(center);
  }, [count]);

  return (
    <Box
      ref={ref}
      role={label ? 'group' : undefined}
      aria-label={label}
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        // To the screen's edges on phones, so a cut-off chip shows the row goes on.
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
        py: 0.5,
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
        '& > *': { flexShrink: 0 },
      }}
    >
      {children}
    </Box>
  );
}
