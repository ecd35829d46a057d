/** The home tab; its own issue replaces the placeholder with the real page. */
import { TabPlaceholder } from '../components/tab-placeholder.tsx';

export default function HomeTabPage() {
  return <TabPlaceholder />;
}
