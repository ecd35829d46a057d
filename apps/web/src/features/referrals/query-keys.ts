/** Query keys of the team page: all under one root, so a paid day refreshes every part. */
export const REFERRALS_ROOT = 'referrals';

export const referralKeys = {
  team: [REFERRALS_ROOT, 'team'] as const,
  invitees: (level: 1 | 2) => [REFERRALS_ROOT, 'invitees', level] as const,
  rewards: [REFERRALS_ROOT, 'rewards'] as const,
};
