/** The side drawer a queue opens for one record; its content is mounted only while a record is open. */
import { Drawer } from 'antd';
import type { ReactNode } from 'react';

export function DetailDrawer({
  id,
  title,
  onClose,
  children,
}: {
  id: string | null;
  title: string;
  onClose: () => void;
  children: (id: string) => ReactNode;
}) {
  return (
    <Drawer open={id !== null} onClose={onClose} title={title} size={560} destroyOnHidden>
      {id && children(id)}
    </Drawer>
  );
}
