/** Query keys of the proof-of-liabilities page. */
export const liabilitiesKeys = {
  overview: ['liabilities', 'overview'] as const,
  history: ['liabilities', 'history'] as const,
  proof: (snapshotId: string) => ['liabilities', 'proof', snapshotId] as const,
};
