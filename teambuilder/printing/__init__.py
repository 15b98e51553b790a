"""Printed output through Qt: the tournament team sheet (PDF or a printer)."""
