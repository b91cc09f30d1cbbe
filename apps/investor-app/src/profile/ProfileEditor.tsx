import { AVATARS, type Avatar, displayNameSchema, type ProfileUpdate } from "@farm/core";
import { apiFetch, FormField, Notice, useT } from "@farm/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AvatarSvg } from "../avatar/AvatarSvg";
import { ErrorNotice } from "../layout/ErrorNotice";
import { queryKeys } from "../layout/query-keys";
import type { InvestorProfile } from "./use-profile";

/** Display name and avatar (PATCH /api/user/profile), checked with the same rule the backend uses. */
export function ProfileEditor({ profile }: { profile: InvestorProfile }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.displayName ?? "");
  const [avatar, setAvatar] = useState<Avatar | null>(profile.avatar);
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (update: ProfileUpdate) =>
      apiFetch<unknown>("/user/profile", { method: "PATCH", body: update }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const checked = trimmed === "" ? null : displayNameSchema.safeParse(trimmed);
    if (checked && !checked.success) {
      // Say exactly what is wrong; the input is never cut to fit. The server's last answer is about another name.
      save.reset();
      setNameError(
        trimmed.length > 20
          ? t("profile.nameTooLong", { count: trimmed.length })
          : trimmed.length < 3
            ? t("profile.nameTooShort")
            : t("profile.nameCharacters"),
      );
      return;
    }
    setNameError(null);
    save.mutate({ displayName: checked ? checked.data : null, avatar });
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title">{t("profile.edit")}</h2>
      <FormField
        id="displayName"
        label={t("profile.displayName")}
        hint={t("profile.nameRule")}
        error={nameError ?? undefined}
      >
        {(field) => (
          <input
            {...field}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              // A refusal from the server was about the name it was sent; once that changes it no longer applies.
              if (save.isError) save.reset();
              setNameError(null);
            }}
          />
        )}
      </FormField>
      <fieldset className="avatar-picker">
        <legend>{t("profile.avatar")}</legend>
        {AVATARS.map((id) => (
          <label key={id} className="avatar-picker__option">
            <input
              type="radio"
              name="avatar"
              value={id}
              checked={avatar === id}
              onChange={() => setAvatar(id)}
            />
            <AvatarSvg avatar={id} size={32} />
            <span className="visually-hidden">{t(`avatar.${id}`)}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={save.isPending}>
        {t("common.save")}
      </button>
      {save.error && <ErrorNotice error={save.error} />}
      {save.isSuccess && (
        <Notice tone="success">
          <span data-testid="profile-saved">
            {save.variables.displayName
              ? t("profile.savedAs", { name: save.variables.displayName })
              : t("profile.saved")}
          </span>
        </Notice>
      )}
    </form>
  );
}
