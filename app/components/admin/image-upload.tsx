import { type ChangeEvent, useEffect, useId, useState } from "react";

/** What /admin/media answers: the stored image, or a message the admin can act on. */
export type UploadResult =
  | { ok: true; url: string; fallbackUrl: string; width: number; height: number }
  | { ok: false; error: string };

const MAX_BYTES = 5 * 1024 * 1024;

type Props = {
  label: string;
  /** The hidden field carrying the stored image's address. */
  name: string;
  /** The file field a plain (no JavaScript) form post carries instead. */
  fileName: string;
  defaultUrl: string;
  error?: string;
  /** Told while an upload runs, so the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
};

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toLocaleString("en-IN", { maximumFractionDigits: 1 });
}

/**
 * The featured image: with JavaScript the picture is uploaded as soon as it is chosen and
 * previewed; without, the file travels with the form and the server stores it on save.
 */
export function ImageUpload({ label, name, fileName, defaultUrl, error, onBusyChange }: Props) {
  const id = useId();
  const [url, setUrl] = useState(defaultUrl);
  const [uploaded, setUploaded] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(error ?? "");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setMessage(error ?? ""), [error]);

  const setBusyState = (value: boolean) => {
    setBusy(value);
    onBusyChange?.(value);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setMessage("");
    if (file.size > MAX_BYTES) {
      setMessage(
        `Featured image: "${file.name}" is ${megabytes(file.size)} MB and the limit is 5 MB. Choose a smaller picture, or resize it first.`,
      );
      input.value = "";
      return;
    }
    setBusyState(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await fetch("/admin/media", { method: "POST", body });
      const result = (await response.json().catch(() => null)) as UploadResult | null;
      if (result?.ok) {
        setUrl(result.url);
        setUploaded(file.name);
      } else if (result) {
        setMessage(result.error);
      } else if (response.status === 413) {
        setMessage(
          "Featured image: the file is too large. A picture can be at most 5 MB: choose a smaller one.",
        );
      } else if (response.redirected || response.status === 403) {
        setMessage(
          "Featured image: your sign-in has ended. Sign in again in a new tab, then choose the picture again. Nothing typed here is lost.",
        );
      } else {
        setMessage(`Featured image: the upload failed (error ${response.status}). Please try again.`);
      }
    } catch {
      setMessage("Featured image: the upload failed. Check your internet connection and try again.");
    } finally {
      // The picture is stored; the form itself need not carry the file again.
      input.value = "";
      setBusyState(false);
    }
  };

  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input type="hidden" name={name} value={url} />
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-start">
        {url ? (
          <div className="shrink-0">
            <img
              src={url}
              alt="Preview"
              className="h-32 w-48 rounded-lg border border-gray-200 bg-gray-50 object-cover"
            />
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <input
            id={id}
            type="file"
            name={fileName}
            accept="image/*"
            onChange={upload}
            disabled={busy}
            aria-describedby={[hintId, message ? messageId : null].filter(Boolean).join(" ")}
            aria-invalid={message ? true : undefined}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-gray-800 hover:file:bg-gray-50"
          />
          <p id={hintId} className="mt-1 text-xs text-gray-500">
            A JPEG, PNG, WebP, GIF or AVIF picture of at most 5 MB. It is shown at the top of the post and
            when the post is shared.
          </p>
          {busy ? (
            <p role="status" className="mt-1 text-sm font-medium text-brand-700">
              Uploading image...
            </p>
          ) : null}
          {uploaded && !busy ? (
            <p className="mt-1 text-sm text-green-800">Uploaded “{uploaded}”. It is saved with the post.</p>
          ) : null}
          {message ? (
            <p id={messageId} role="alert" className="mt-1 text-sm font-medium text-red-700">
              {message}
            </p>
          ) : null}
          {url && hydrated ? (
            <button
              type="button"
              onClick={() => {
                setUrl("");
                setUploaded("");
              }}
              className="mt-2 text-sm font-semibold text-red-700 underline hover:text-red-800"
            >
              Remove image
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
