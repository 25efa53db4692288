import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `value`, drawn in the page (no service is asked). */
export function QrCode({ value, label, size = 240 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 1, width: size }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [value, size]);
  return src ? <img src={src} width={size} height={size} alt={label} data-qr-value={value} /> : null;
}
