/** Query keys of the play-limits feature. */
export const playLimitsKeys = {
  overview: ['play-limits'] as const,
};
