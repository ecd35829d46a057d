/**
 * A deposit address as a QR code, drawn in the browser (nothing is sent anywhere) so a wallet app can
 * scan it instead of the user copying 34-42 characters by hand.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const SIZE = 176;

export function AddressQr({ address, label }: { address: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setDataUrl(null);
    QRCode.toDataURL(address, { margin: 2, width: SIZE, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (current) setDataUrl(url);
      })
      .catch(() => {
        if (current) setDataUrl(null);
      });
    return () => {
      current = false;
    };
  }, [address]);
  if (!dataUrl) return <span className="address-qr" aria-hidden="true" />;
  return (
    <img
      className="address-qr"
      src={dataUrl}
      alt={label}
      width={SIZE}
      height={SIZE}
      data-testid="crypto-qr"
      data-address={address}
    />
  );
}
