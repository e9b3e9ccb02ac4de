/** Signs in over HTTP, as a client would: for tests of this and other packages. */
export async function signIn(url: string, username: string, password: string): Promise<{ token: string; userId: string; isAdmin: boolean }> {
  const response = await fetch(new URL('/sessions', url), {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'sessions', attributes: { username, password } } }),
  });
  const body = (await response.json()) as {
    data?: { attributes: { accessToken: string }; relationships: { user: { data: { id: string } } } };
    meta?: { isAdmin: boolean };
    errors?: { detail: string }[];
  };
  if (response.status !== 201 || !body.data) {
    throw new Error(`Sign-in of ${username} failed with ${response.status}: ${body.errors?.[0]?.detail ?? 'no detail'}`);
  }
  return {
    token: body.data.attributes.accessToken,
    userId: body.data.relationships.user.data.id,
    isAdmin: body.meta?.isAdmin ?? false,
  };
}
