/** What the curations route files share: the token access, the OpenAPI tag and the member of a token route. */
export const token = { access: 'token' } as const;
export const tags = ['curations'];

/** The member of a token route (the access guard guarantees one). */
export const memberId = (req: { principal: { userId: number | null } }): number => {
  const id = req.principal.userId;
  if (id === null) throw new Error('token route without a member');
  return id;
};
