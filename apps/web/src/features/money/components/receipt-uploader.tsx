/**
 * The optional transfer receipt: one image, uploaded (POST /uploads) as soon as it is chosen, so the form
 * only sends its id. Wrong type or over 5 MB is refused before uploading, with the server's own message.
 */
import '../../../lib/antd-runtime.ts';
import ImageUploader, { type ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, toastError } from '../../../lib/toast.ts';
import { isUploadableImage, UPLOAD_TYPES, uploadImage } from '../api/upload.ts';

export interface ReceiptUploaderProps {
  /** The upload id of the receipt, or null when there is none. */
  onChange: (uploadId: string | null) => void;
  /** True while an image is still uploading: the form waits for it. */
  onUploadingChange: (uploading: boolean) => void;
}

export function ReceiptUploader({ onChange, onUploadingChange }: ReceiptUploaderProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageUploadItem[]>([]);

  // The preview shows the chosen file itself: the uploaded copy is served to its owner only, with the
  // session's token, which an <img> cannot send.
  const upload = async (file: File): Promise<ImageUploadItem> => {
    try {
      const result = await uploadImage(file);
      return { key: result.id, url: URL.createObjectURL(file) };
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  return (
    <div className="field" data-testid="offline-receipt">
      <span className="field__label">{t('deposit.receipt')}</span>
      <ImageUploader
        value={items}
        onChange={(next) => {
          for (const item of items) if (!next.includes(item)) URL.revokeObjectURL(item.url);
          setItems(next);
          const key = next[0]?.key;
          onChange(typeof key === 'string' ? key : null);
        }}
        upload={upload}
        beforeUpload={(file) => {
          if (isUploadableImage(file)) return file;
          showToast(t('errors.UPLOAD_INVALID'));
          return null;
        }}
        onUploadQueueChange={(tasks) => onUploadingChange(tasks.some((task) => task.status === 'pending'))}
        accept={UPLOAD_TYPES.join(',')}
        maxCount={1}
        aria-label={t('deposit.receipt')}
      />
      <p className="field__hint">{t('deposit.receiptHint')}</p>
    </div>
  );
}
