/** /pages/mine/qianbao (digital wallets): the wallet addresses (type, masked address), remove, add another. */

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ADD_WALLET_PATH } from '../../../lib/paths.ts';
import { useDeleteWallet } from '../api/delete-wallet.ts';
import { useWallets } from '../api/wallets.ts';
import { RemovableList } from '../components/removable-list.tsx';
import '../money.css';

export default function WalletsPage() {
  const { t } = useTranslation();
  const wallets = useWallets();
  const remove = useDeleteWallet();
  return (
    <div className="page">
      <PageHeader title={t('titles.wallets')} />
      <main className="page__body">
        <RemovableList
          query={wallets}
          label={t('titles.wallets')}
          emptyMessage={t('wallets.empty')}
          removeConfirm={t('wallets.removeConfirm')}
          removedMessage={t('wallets.removed')}
          remove={(id) => remove.mutateAsync(id)}
          testIdPrefix="wallet"
          renderItem={(wallet) => (
            <>
              <span className="removable-list__title">{wallet.type}</span>
              <span className="mono" data-testid="wallet-masked">
                {wallet.maskedAddress}
              </span>
            </>
          )}
        />
        <Link className="primary-button primary-button--block" to={ADD_WALLET_PATH} data-testid="wallet-add">
          {t('wallets.add')}
        </Link>
      </main>
    </div>
  );
}
