import { createContext, type ReactNode, useContext } from "react";

// The CSP nonce of this response, for the few inline <script> tags we render (JSON-LD,
// React Router's hydration data). Browsers hide nonces from the DOM, so on the client it is "".
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
