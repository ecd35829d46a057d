/** How a position's status reads at a glance: waiting, won, lost, or given back. */
import type { PositionView } from '@tradehall/contracts';
import type { RecordTone } from '../../components/ui/record-item.tsx';

export const POSITION_TONES: Record<PositionView['status'], RecordTone> = {
  open: 'pending',
  won: 'success',
  lost: 'failure',
  refunded: 'neutral',
};
