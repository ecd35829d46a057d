/**
 * A deposit's receipt. Uploads are served only to their owner or an operator, by bearer token, so the
 * image is fetched with the Authorization header and shown through an object URL (revoked on unmount).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBlob } from '../../lib/api.ts';

export function ReceiptImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const blob = useQuery({ queryKey: ['receipt', url], queryFn: () => requestBlob(url), staleTime: Infinity });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);

  if (blob.isError) return <Alert type="error" title={t('deposits.receiptFailed')} showIcon />;
  if (!objectUrl) return <Skeleton.Image active />;
  return (
    <div data-testid="deposit-receipt">
      <Image src={objectUrl} alt={t('deposits.receipt')} width="100%" />
    </div>
  );
}
