"""What every game's picture is drawn with: the canvas, fonts and text, the frame of seats,
pieces and the shared PNG palette."""
