// Draws a VietQR payload (the EMVCo string the worker built for the order) as a QR code image. The `qrcode` library
// is imported here, on first use, so it is fetched only when the payment dialog shows a code.
import { useEffect, useState } from "react";

/** Pixel width of the drawn code; margin in modules (the quiet zone scanners need: 2 is enough on a white tile). */
const QR_WIDTH_PX = 232;
const QR_MARGIN_MODULES = 2;

export function QrImage({ payload, alt, onError }: { payload: string; alt: string; onError: (err: unknown) => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import("qrcode")
      .then((qr) => qr.toDataURL(payload, { errorCorrectionLevel: "M", margin: QR_MARGIN_MODULES, width: QR_WIDTH_PX }))
      .then(
        (url) => live && setSrc(url),
        (err: unknown) => live && onError(err),
      );
    return () => {
      live = false;
    };
  }, [payload, onError]);
  return (
    <div className="pay-qr" data-testid="payment-qr" data-ready={src ? "true" : "false"} data-payload={payload}>
      {src ? (
        <img src={src} width={QR_WIDTH_PX} height={QR_WIDTH_PX} alt={alt} />
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </div>
  );
}
