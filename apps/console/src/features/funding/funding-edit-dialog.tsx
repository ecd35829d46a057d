/**
 * Edits the funding settings in one dialog that ends with the admin's current two-factor code: the
 * server takes the change only with it (step-up), since these are the accounts users send money to.
 */
import { WALLET_TYPES, type WalletType } from '@tradehall/domain';
import { Button, Card, Col, Divider, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TotpCodeField } from '../../components/totp-code-field.tsx';
import type { FundingSettings, FundingSettingsUpdate } from './api.ts';
import { fundingStrings as s } from './strings.ts';

interface Values {
  bankAccounts: Array<{ id: string; bankName: string; accountNumber: string; payee: string }>;
  cryptoNetworks: Array<{ network: WalletType; address: string }>;
  cardPaymentEnabled: boolean;
  totpCode: string;
}

const required = { required: true, whitespace: true, message: s.required };

/** A bank account's id is only a stable key for the list: new rows get a fresh one nobody types. */
function newAccountId(): string {
  return `bank-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export function toUpdate(values: Values): FundingSettingsUpdate {
  return {
    bankAccounts: values.bankAccounts.map((account) => ({
      id: account.id,
      bankName: account.bankName.trim(),
      accountNumber: account.accountNumber.trim(),
      payee: account.payee.trim(),
    })),
    cryptoNetworks: values.cryptoNetworks.map((entry) => ({
      network: entry.network,
      address: entry.address.trim(),
    })),
    cardPaymentEnabled: values.cardPaymentEnabled,
    totpCode: values.totpCode.trim(),
  };
}

export function FundingEditDialog({
  settings,
  open,
  pending,
  onCancel,
  onSubmit,
}: {
  settings: FundingSettings | undefined;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (update: FundingSettingsUpdate) => void;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog
      open={open && settings !== undefined}
      title={s.editTitle}
      form={form}
      okText={s.save}
      cancelText={s.cancel}
      pending={pending}
      width={900}
      onCancel={onCancel}
      confirmTestId="funding-save"
    >
      {settings && (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ ...settings, totpCode: '' }}
          onFinish={(values) => onSubmit(toUpdate(values))}
        >
          <Typography.Title level={5}>{s.bankAccounts}</Typography.Title>
          <Form.List name="bankAccounts">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Card key={field.key} size="small" style={{ marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Row gutter={12} align="bottom">
                      <Col span={7}>
                        <Form.Item name={[field.name, 'bankName']} label={s.bankName} rules={[required]}>
                          <Input data-testid={`funding-bank-name-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col span={7}>
                        <Form.Item
                          name={[field.name, 'accountNumber']}
                          label={s.accountNumber}
                          rules={[required]}
                        >
                          <Input data-testid={`funding-account-number-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col span={7}>
                        <Form.Item name={[field.name, 'payee']} label={s.payee} rules={[required]}>
                          <Input data-testid={`funding-payee-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col span={3}>
                        <Form.Item>
                          <Button danger onClick={() => remove(field.name)}>
                            {s.remove}
                          </Button>
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                ))}
                <Button
                  onClick={() => add({ id: newAccountId(), bankName: '', accountNumber: '', payee: '' })}
                  data-testid="funding-add-bank"
                >
                  {s.addBankAccount}
                </Button>
              </>
            )}
          </Form.List>

          <Divider />
          <Typography.Title level={5}>{s.cryptoNetworks}</Typography.Title>
          <Form.List name="cryptoNetworks">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Row key={field.key} gutter={12} align="bottom">
                    <Col span={6}>
                      <Form.Item
                        name={[field.name, 'network']}
                        label={s.network}
                        rules={[{ required: true }]}
                      >
                        <Select options={WALLET_TYPES.map((type) => ({ value: type, label: type }))} />
                      </Form.Item>
                    </Col>
                    <Col span={15}>
                      <Form.Item name={[field.name, 'address']} label={s.address} rules={[required]}>
                        <Input data-testid={`funding-crypto-address-${index}`} />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item>
                        <Button danger onClick={() => remove(field.name)}>
                          {s.remove}
                        </Button>
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button onClick={() => add({ network: WALLET_TYPES[0], address: '' })}>
                  {s.addCryptoNetwork}
                </Button>
              </>
            )}
          </Form.List>

          <Divider />
          <Form.Item name="cardPaymentEnabled" label={s.cardPayment} valuePropName="checked">
            <Switch data-testid="funding-card-switch" />
          </Form.Item>

          <Divider />
          <TotpCodeField help={s.totpCodeHelp} testId="funding-totp" />
        </Form>
      )}
    </FormDialog>
  );
}
