/** Query keys of the materials feature. */
export const materialsKeys = {
  mine: ['materials', 'mine'] as const,
};
