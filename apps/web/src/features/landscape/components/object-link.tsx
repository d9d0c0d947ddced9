import { Anchor, type AnchorProps } from '@mantine/core';
import type { LandscapeRef } from '@portaal/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link to an object page by its id; the id's slashes stay slashes (…/prefixes/10.20.0.0/24). */
export function ObjectLink({
  id,
  children,
  ...props
}: { id: string; children: ReactNode; className?: string; elementId?: string } & AnchorProps) {
  const { className, elementId, ...rest } = props as { className?: string; elementId?: string } & AnchorProps;
  return (
    <Anchor
      renderRoot={(rootProps) => (
        <Link {...rootProps} to="/servers/system-landscape/$" params={{ _splat: id }} />
      )}
      className={className}
      id={elementId}
      underline="hover"
      {...rest}
    >
      {children}
    </Anchor>
  );
}

/** A relation: a link when the landscape lists the object, its name otherwise; a dash for none. */
export function RefValue({ value }: { value: LandscapeRef | null }) {
  if (!value) return '–';
  return value.id ? <ObjectLink id={value.id}>{value.name}</ObjectLink> : value.name;
}
