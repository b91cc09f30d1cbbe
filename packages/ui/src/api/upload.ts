import { ApiError, toApiError } from "./api-error";
import { API_BASE } from "./client";

export type UploadProgress = { loaded: number; total: number };

/**
 * Posts a multipart form with XMLHttpRequest, because fetch cannot report upload progress. Resolves with the parsed
 * JSON answer; rejects with an ApiError like apiFetch.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (progress: UploadProgress) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener("load", () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toApiError(xhr.status, body));
    });
    xhr.addEventListener("error", () =>
      reject(new ApiError(0, "NETWORK_ERROR", "The server could not be reached.")),
    );
    xhr.send(form);
  });
}
