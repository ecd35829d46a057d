/**
 * The filters above a list: inline fields, a button that applies them, and Reset, which clears the
 * fields and the list's filters together.
 */
import { Button, Form, type FormItemProps } from 'antd';
import type { ReactNode } from 'react';

export function FilterForm<V extends object>({
  onSearch,
  onReset,
  searchText,
  resetText,
  searchTestId,
  children,
}: {
  onSearch: (values: V) => void;
  onReset: () => void;
  searchText: string;
  resetText: string;
  searchTestId: string;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V> form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16 }}>
      {children}
      <Button type="primary" htmlType="submit" data-testid={searchTestId}>
        {searchText}
      </Button>
      <Button
        style={{ marginLeft: 8 }}
        onClick={() => {
          form.resetFields();
          onReset();
        }}
      >
        {resetText}
      </Button>
    </Form>
  );
}

/** One field of a FilterForm (spaced for when the row wraps). */
export function FilterField({ name, rules, children }: Pick<FormItemProps, 'name' | 'rules' | 'children'>) {
  return (
    <Form.Item name={name} rules={rules} style={{ marginBottom: 8 }}>
      {children}
    </Form.Item>
  );
}
