/** A minimal JSON client of the REST API, for benchmarks and whole-app tests. */
export async function callApi<T>(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await callApi<{ access_token: string }>(baseUrl, null, 'POST', '/api/v1.0/login', {
    username,
    password,
  });
  return answer.access_token;
}
