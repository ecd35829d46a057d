/**
 * Edits the funding settings in one dialog that ends with the admin's current two-factor code: the
 * server takes the change only with it (step-up), since these are the accounts users send money to.
 */
import { WALLET_TYPES, type WalletType } from '@tradehall/domain';
import { Button, Card, Col, Divider, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TotpCodeField } from '../../components/totp-code-field.tsx';
import type { FundingSettings, FundingSettingsUpdate } from './api.ts';

interface Values {
  bankAccounts: Array<{ id: string; bankName: string; accountNumber: string; payee: string }>;
  cryptoNetworks: Array<{ network: WalletType; address: string }>;
  cardPaymentEnabled: boolean;
  totpCode: string;
}

const requiredRule = (message: string) => ({ required: true, whitespace: true, message });

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
  const { t } = useTranslation();
  const required = requiredRule(t('funding.required'));
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog
      open={open && settings !== undefined}
      title={t('funding.editTitle')}
      form={form}
      okText={t('funding.save')}
      cancelText={t('funding.cancel')}
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
          <Typography.Title level={5}>{t('funding.bankAccounts')}</Typography.Title>
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
                        <Form.Item
                          name={[field.name, 'bankName']}
                          label={t('funding.bankName')}
                          rules={[required]}
                        >
                          <Input data-testid={`funding-bank-name-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col span={7}>
                        <Form.Item
                          name={[field.name, 'accountNumber']}
                          label={t('funding.accountNumber')}
                          rules={[required]}
                        >
                          <Input data-testid={`funding-account-number-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col span={7}>
                        <Form.Item name={[field.name, 'payee']} label={t('funding.payee')} rules={[required]}>
                          <Input data-testid={`funding-payee-${index}`} />
                        </Form.Item>
                      </Col>
                      <Col span={3}>
                        <Form.Item>
                          <Button danger onClick={() => remove(field.name)}>
                            {t('funding.remove')}
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
                  {t('funding.addBankAccount')}
                </Button>
              </>
            )}
          </Form.List>

          <Divider />
          <Typography.Title level={5}>{t('funding.cryptoNetworks')}</Typography.Title>
          <Form.List name="cryptoNetworks">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Row key={field.key} gutter={12} align="bottom">
                    <Col span={6}>
                      <Form.Item
                        name={[field.name, 'network']}
                        label={t('funding.network')}
                        rules={[{ required: true }]}
                      >
                        <Select options={WALLET_TYPES.map((type) => ({ value: type, label: type }))} />
                      </Form.Item>
                    </Col>
                    <Col span={15}>
                      <Form.Item
                        name={[field.name, 'address']}
                        label={t('funding.address')}
                        rules={[required]}
                      >
                        <Input data-testid={`funding-crypto-address-${index}`} />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item>
                        <Button danger onClick={() => remove(field.name)}>
                          {t('funding.remove')}
                        </Button>
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button onClick={() => add({ network: WALLET_TYPES[0], address: '' })}>
                  {t('funding.addCryptoNetwork')}
                </Button>
              </>
            )}
          </Form.List>

          <Divider />
          <Form.Item name="cardPaymentEnabled" label={t('funding.cardPayment')} valuePropName="checked">
            <Switch data-testid="funding-card-switch" />
          </Form.Item>

          <Divider />
          <TotpCodeField help={t('funding.totpCodeHelp')} testId="funding-totp" />
        </Form>
      )}
    </FormDialog>
  );
}
