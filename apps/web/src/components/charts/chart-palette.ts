/**
 * The charts' five colours (spec section 9: "chart palette 5 colours"), cycled over the bars and slices. Each
 * keeps a 3:1 contrast against both the light and the dark card, so bars and slices stay distinct either way. Shared by every chart (attendance, marks).
 */
export const CHART_PALETTE = ['#4f46e5', '#0891b2', '#16a34a', '#d97706', '#db2777'] as const;

/** Spec section 9: the attendance chart animates for 1000 ms over a 0–100 axis. */
export const CHART_ANIMATION_MS = 1000;
export const CHART_AXIS = { min: 0, max: 100 } as const;

/** A chart's colours for the theme: axis text, grid lines, the card behind it (parts doughnut slices), one palette colour per label. */
export function chartColors(dark: boolean, labels: readonly string[]) {
  return {
    text: dark ? '#cbd5e1' : '#475569',
    grid: dark ? 'rgba(203, 213, 225, 0.15)' : 'rgba(71, 85, 105, 0.15)',
    // The card's colour (index.css --card).
    card: dark ? '#1b2030' : '#ffffff',
    fills: labels.map((_, i) => CHART_PALETTE[i % CHART_PALETTE.length]),
  };
}
