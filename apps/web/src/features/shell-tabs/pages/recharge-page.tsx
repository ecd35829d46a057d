/** The recharge tab; its own issue replaces the placeholder with the real page. */
import { TabPlaceholder } from '../components/tab-placeholder.tsx';

export default function RechargeTabPage() {
  return <TabPlaceholder />;
}
