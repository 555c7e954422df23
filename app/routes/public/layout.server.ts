import type { RouterContextProvider } from "react-router";
import type { FrameData } from "#app/components/site/public-frame.tsx";
import { services } from "#app/context.ts";
import { qrCodeDataUrl } from "#app/server/platform/qr.server.ts";

/** What the public frame of both languages needs from the server: the app's QR code and the year. */
export async function frameData(context: Readonly<RouterContextProvider>): Promise<FrameData> {
  const { config } = services(context);
  return {
    qrCode: await qrCodeDataUrl(config.appStoreUrl),
    // From the server, so the footer's year cannot differ between server and browser.
    year: new Date().getFullYear(),
  };
}
