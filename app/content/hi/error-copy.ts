/** Hindi twin of app/content/error-copy.ts: the error page of the Hindi public pages. */
import type { ErrorCopy } from "#app/content/error-copy.ts";

export const errorCopy: ErrorCopy = {
  label: (status) => `त्रुटि ${status}`,
  known: {
    403: { title: "अनुमति नहीं: केवल एडमिन के लिए।", body: "यह खाता एडमिन कंसोल का उपयोग नहीं कर सकता।" },
    404: { title: "पेज नहीं मिला", body: "आप जो पेज खोज रहे हैं, वह मौजूद नहीं है या कहीं और चला गया है।" },
    500: { title: "कुछ गड़बड़ हो गई", body: "कृपया थोड़ी देर बाद फिर से कोशिश करें।" },
  },
  other: { title: "कुछ गड़बड़ हो गई", body: "कृपया फिर से कोशिश करें।" },
  backHome: "मुखपृष्ठ पर लौटें",
};
