/** Layout of the five tab pages: the page above, the tab bar fixed below. */
import { Outlet } from 'react-router';
import { TabBar } from './tab-bar.tsx';

export function TabLayout() {
  return (
    <div className="tab-layout">
      <Outlet />
      <TabBar />
    </div>
  );
}
