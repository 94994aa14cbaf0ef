/**
 * The charts' five colours (spec section 9: "chart palette 5 colours"), cycled over the bars. Each
 * keeps a 3:1 contrast against both the light and the dark card, so bars stay distinct either way.
 */
export const CHART_PALETTE = ['#4f46e5', '#0891b2', '#16a34a', '#d97706', '#db2777'] as const;

/** Spec section 9: the attendance chart animates for 1000 ms over a 0–100 axis. */
export const CHART_ANIMATION_MS = 1000;
export const CHART_AXIS = { min: 0, max: 100 } as const;
