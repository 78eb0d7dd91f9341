"""003 "Square Fireballs" at the table: the controller side of the variant."""
