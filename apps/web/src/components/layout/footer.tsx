export function Footer() {
  return (
    <footer className="border-t border-border bg-background px-6 py-4 text-xs text-muted-foreground">
      © {new Date().getFullYear()} Feedloom. All rights reserved.
    </footer>
  );
}
