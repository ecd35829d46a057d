import { Skeleton } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** An otpauth:// URL as a QR code image, rendered locally (the secret never leaves the browser). */
export function QrCode({ text, alt }: { text: string; alt: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(text, { margin: 1, width: 220 })
      .then((url) => {
        if (current) setDataUrl(url);
      })
      .catch(() => setDataUrl(null));
    return () => {
      current = false;
    };
  }, [text]);
  if (!dataUrl) return <Skeleton.Image active />;
  return <img src={dataUrl} alt={alt} width={220} height={220} data-testid="totp-qr" />;
}
